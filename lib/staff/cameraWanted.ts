/**
 * Whether the verification page opens the camera by itself: yes after a customer was found with
 * it, or when the staff member asked for the next customer, so the scanner is live again for each
 * customer; no once they stop it or it fails. This tab only (sessionStorage): nothing about a
 * customer, and a camera prompt never appears by surprise on another tab.
 */
const CAMERA_KEY = "nu-forms:staff-camera";

export function wantCamera(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(CAMERA_KEY, "on");
    else sessionStorage.removeItem(CAMERA_KEY);
  } catch {
    // no storage: the camera waits for its button, as before
  }
}

export function cameraWanted(): boolean {
  try {
    return sessionStorage.getItem(CAMERA_KEY) === "on";
  } catch {
    return false;
  }
}
