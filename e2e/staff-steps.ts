/**
 * Steps the staff specs share: a customer lead made through the real API, a staff session put in
 * place the way sign-in stores it, sign-in through the page, and QR decoding of what a page shows.
 */
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import jsQR from "jsqr";
import QRCode from "qrcode";
import { personName } from "../lib/core/personName.ts";
import { api, apiLead, customerToken, outboxCode, staffPasswordStep, uniqueEmail } from "./support/api.ts";
import { BASE_URL, DEMO_PASSWORD } from "./support/env.ts";

export type StaffId = "S001" | "S002" | "A001";

/** A nuForm lead created through the API (customer code → verify → POST /api/lead); returns its reference. */
export function createLead(
  tag: string,
  names = { last_name: "陳", first_name: "大文" },
  extra: Record<string, unknown> = {},
): Promise<string> {
  return apiLead(tag, { names, extra });
}

/**
 * A recruitment lead made through the API, the flow that offers the nutritionist consultation too
 * (lib/core/benefits.ts); returns its reference.
 */
export async function createRecruitmentLead(
  tag: string,
  names = { last_name: "陳", first_name: "大文" },
): Promise<string> {
  const email = uniqueEmail(tag);
  const created = await api<{ id: string }>("POST", "/lead", {
    token: await customerToken(email, "recruitment"),
    headers: { "Idempotency-Key": `e2e-${email}` },
    body: {
      flow: "recruitment",
      email,
      ...names,
      phone_code: "852",
      phone: "91234567",
      consents: { terms: true, privacy: true, marketing: false },
    },
  });
  expect(created.Code, created.Message).toBe(200);
  return created.Data[0].id;
}

/** The staff record a sign-in answers with (code step included). */
export async function staffRecord(staffId: StaffId): Promise<Record<string, string>> {
  const { login, ticket } = await staffPasswordStep(staffId);
  expect(login.Code, login.Message).toBe(200);
  if (login.Data[0].staff_token) return login.Data[0];
  const code = await outboxCode({ staff_id: staffId });
  const otp = await api<Record<string, string>>("POST", "/staff/otp", {
    body: { staff_id: staffId, code },
    headers: ticket,
  });
  expect(otp.Code, otp.Message).toBe(200);
  return otp.Data[0];
}

/** Types an invoice into /staff/invoice_qrcode's form, field by field as staff do. */
export async function fillInvoice(
  page: Page,
  invoice: { number: string; amount: string; shop: string; ref: string },
): Promise<void> {
  await page.getByRole("textbox", { name: "發票編號" }).fill(invoice.number);
  await page.getByRole("textbox", { name: "金額（港幣）" }).fill(invoice.amount);
  await page.getByRole("textbox", { name: "分店" }).fill(invoice.shop);
  await page.getByRole("textbox", { name: "登記編號" }).fill(invoice.ref);
}

/** Stores the values a sign-in of `staffId` stores, before any page script runs. */
export async function useStaffSession(page: Page, staffId: StaffId): Promise<Record<string, string>> {
  const record = await staffRecord(staffId);
  await storeFlags(page, {
    STAFF_ID: record.staff_id,
    Token: record.staff_token,
    STAFF_NAME: personName(record.first_name, record.last_name),
    STAFF_ROLE: record.role,
  });
  return record;
}

/** Puts values into localStorage once, before the first page of the test loads. */
export async function storeFlags(page: Page, flags: Record<string, string>): Promise<void> {
  await page.addInitScript((values) => {
    if (sessionStorage.getItem("e2e-staff-flags")) return;
    sessionStorage.setItem("e2e-staff-flags", "1");
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, flags);
}

export async function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** A JWT-shaped token (unsigned) whose `exp` is `secondsFromNow` away. */
export function fakeToken(secondsFromNow: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: "S001", role: "staff", exp })}.c2lnbmF0dXJl`;
}

/** Staff id and password on /staff/home (already open), then 登入. */
export async function signInOnPage(page: Page, staffId: StaffId, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole("textbox", { name: "職員編號" }).fill(staffId);
  await page.getByLabel("密碼").fill(password);
  await page.getByRole("button", { name: "登入", exact: true }).click();
}

/** The text of the QR code in `image` (a screenshot of it, decoded in Node with jsQR). */
export async function decodeQrOf(page: Page, image: Locator): Promise<{ text: string; png: Buffer }> {
  await expect(image).toBeVisible();
  const png = await image.screenshot();
  // Chromium turns the PNG into pixels; jsQR (the library the scanner falls back to) reads them.
  const pixels = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    // At most 400 px a side: plenty for a QR code, and a small payload back to Node.
    const scale = Math.min(1, 400 / Math.max(bitmap.width, bitmap.height));
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d context");
    context.drawImage(bitmap, 0, 0, width, height);
    const data = context.getImageData(0, 0, width, height).data;
    let binary = "";
    for (let i = 0; i < data.length; i += 0x8000)
      binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width, height, rgba: btoa(binary) };
  }, png.toString("base64"));
  const decoded = jsQR(
    new Uint8ClampedArray(Buffer.from(pixels.rgba, "base64")),
    pixels.width,
    pixels.height,
  );
  expect(decoded, "a QR code in the image").not.toBeNull();
  return { text: decoded?.data ?? "", png };
}

/** Set SCREENSHOTS=1 to keep screenshots (390 px and 768 px) of a staff page in the test output. */
export async function snapWidths(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  const original = page.viewportSize();
  for (const width of [390, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

export { BASE_URL };

/**
 * A camera for the page: getUserMedia answers with the stream of a canvas that shows whatever
 * `showToCamera` last put in front of it (nothing: a white frame). The app's real scanner reads it.
 */
export async function fakeCamera(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cameraImage?: HTMLImageElement | null };
    Object.defineProperty(navigator, "mediaDevices", {
      configurable: true,
      value: {
        getUserMedia: async () => {
          const canvas = document.createElement("canvas");
          canvas.width = 480;
          canvas.height = 480;
          const context = canvas.getContext("2d");
          const draw = () => {
            if (!context) return;
            context.fillStyle = "#fff";
            context.fillRect(0, 0, 480, 480);
            if (w.__cameraImage) context.drawImage(w.__cameraImage, 90, 90, 300, 300);
            requestAnimationFrame(draw);
          };
          draw();
          return canvas.captureStream(15);
        },
      },
    });
  });
}

/** Puts a QR code of `text` in front of the fake camera (null: takes it away). */
export async function showToCamera(page: Page, text: string | null): Promise<void> {
  const url = text === null ? null : await QRCode.toDataURL(text, { margin: 2, width: 300 });
  await page.evaluate(async (source) => {
    const w = window as unknown as { __cameraImage?: HTMLImageElement | null };
    if (source === null) {
      w.__cameraImage = null;
      return;
    }
    const image = new Image();
    image.src = source;
    await image.decode();
    w.__cameraImage = image;
  }, url);
}

/** A PNG of a QR code holding `text`, as a photo of it for the photo scanner. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { margin: 2, width: 300 });
}
