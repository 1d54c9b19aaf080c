/** @jsxImportSource preact */
import { NUFORM_BASE, RECRUITMENT_BASE } from "../../lib/core/routes.ts";
import { BRAND } from "../brand.ts";
import { PageShell } from "./PageShell.tsx";

export function Home(_: { path?: string }) {
  return (
    <PageShell title={`${BRAND.name} 會員登記`}>
      <p class="lead">歡迎！請選擇你要填寫的表格。</p>
      <ul class="choices">
        <li>
          <a class="choice" href={NUFORM_BASE}>
            <strong>會員登記</strong>
            <span>登記成為會員並選擇營養產品</span>
          </a>
        </li>
        <li>
          <a class="choice" href={RECRUITMENT_BASE}>
            <strong>媽媽會員招募表格</strong>
            <span>懷孕或已有寶寶的媽媽登記</span>
          </a>
        </li>
        <li>
          <a class="choice choice-staff" href="/staff/home">
            <strong>職員專區</strong>
            <span>核實客戶、兌換及發票二維碼</span>
          </a>
        </li>
      </ul>
    </PageShell>
  );
}
