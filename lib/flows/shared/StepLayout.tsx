import { type ReactNode, useEffect, useRef } from "react";
import { takeHeadingFocusRequest } from "../../ui/form/focus.ts";
import { type Sheet, useStyles } from "../../ui/styles.ts";

export interface StepLayoutProps {
  /** id of the heading, for the form's `aria-labelledby`. */
  headingId: string;
  title: string;
  /** "第 2 步（共 5 步）" — omitted on pages outside the numbered steps. */
  progress?: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Styles the step needs beyond the sign-in step's (lib/flows/shared/laterStyles.ts). */
  sheet?: Sheet;
}

/** A step's heading (focused after a move to this step), its progress line and its content. */
export function StepLayout({ headingId, title, progress, intro, children, sheet }: StepLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const styles = useStyles(heading, ...(sheet ? [sheet] : []));
  useEffect(() => {
    if (takeHeadingFocusRequest()) heading.current?.focus();
  }, []);
  return (
    <section className="nu-flow" part="step">
      {styles}
      <div className="nu-step-head">
        {progress ? (
          <p className="nu-step-progress" part="progress">
            {progress}
          </p>
        ) : null}
        <h2 ref={heading} id={headingId} className="nu-step-title" tabIndex={-1} part="step-title">
          {title}
        </h2>
        {intro ? <div className="nu-step-intro">{intro}</div> : null}
      </div>
      {children}
    </section>
  );
}
