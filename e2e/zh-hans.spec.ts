/**
 * A mainland parent whose browser asks for zh-CN gets Simplified Chinese written for mainland
 * readers: both flows from the first page to the member QR code, the switch back to 繁體.
 */

import { hkPerson, seedCustomer, termsAccepted } from "./customer-seed.ts";
import { checkA11y, heading, hkDay, leadAsStaff, snap } from "./nuform-steps.ts";
import { outboxCode, staffToken, uniqueEmail } from "./support/api.ts";
import { API_KEY, BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/test.ts";

test.use({ locale: "zh-CN", viewport: { width: 390, height: 844 } });

/** A day as the completion page writes it inside a sentence: 2027年3月7日. */
const sentenceDay = (ymd: string) =>
  `${Number(ymd.slice(0, 4))}年${Number(ymd.slice(5, 7))}月${Number(ymd.slice(8))}日`;

test("nuForm in Simplified Chinese, mainland path: 邮箱登录, 手机号码, 省／自治区／直辖市, the QR code", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("hans-nuform");
  await page.goto("/customer/nuForm");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("会员登记");
  await expect(heading(page, "邮箱登录")).toBeVisible();
  await expect(page.getByRole("button", { name: "繁體" })).toHaveAttribute("lang", "zh-HK");
  await checkA11y(page);
  await snap(page, testInfo, "hans-01-login");

  await page.getByRole("combobox", { name: "邮箱地址" }).fill(email);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText(`验证码已发送至 ${email}`)).toBeVisible();
  await page.getByRole("textbox", { name: "验证码" }).fill(await outboxCode({ email }));
  await page.getByRole("button", { name: "验证", exact: true }).click();

  await page.getByRole("radio", { name: "中国内地" }).check();
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(heading(page, "个人信息（中国内地）")).toBeVisible();
  await page.getByRole("textbox", { name: "姓氏" }).fill("李");
  await page.getByRole("textbox", { name: "名字" }).fill("小红");
  await page.getByRole("combobox", { name: "国家或地区区号" }).selectOption("86");
  await page.getByRole("textbox", { name: "手机号码" }).fill("23800138000");
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByText("+86 手机号码须以 1 开头，共 11 位数字")).toBeVisible();
  await page.getByRole("textbox", { name: "手机号码" }).fill("13800138000");
  await page.getByRole("textbox", { name: "省／自治区／直辖市" }).fill("广西壮族自治区");
  await page.getByRole("textbox", { name: "城市" }).fill("南宁市");
  await page.getByRole("textbox", { name: "区／县" }).fill("青秀区");
  await page.getByRole("textbox", { name: "详细地址" }).fill("民族大道 100 号 2 栋 801 房");
  await checkA11y(page);
  await snap(page, testInfo, "hans-02-person-cn");
  await page.getByRole("button", { name: "下一步" }).click();

  await expect(page).toHaveURL(/TnCNew$/);
  await expect(page.getByText("欢迎加入我们的会员计划。")).toBeVisible();
  await page.getByRole("button", { name: "阅读《隐私政策》" }).click();
  await expect(page.getByRole("dialog", { name: "隐私政策（示例文本）" })).toContainText(
    "个人资料（私隐）条例",
  );
  await page.getByRole("dialog").getByRole("button", { name: "关闭" }).click();
  await page.getByRole("checkbox", { name: /条款及细则/ }).check();
  await page.getByRole("checkbox", { name: /隐私政策/ }).check();
  await checkA11y(page);
  await snap(page, testInfo, "hans-03-terms");
  await page.getByRole("button", { name: "同意并提交" }).click();

  await expect(page).toHaveURL(/product$/);
  await expect(page.getByText("请选择一款营养产品，领取会员礼品时可一并领取。")).toBeVisible();
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "确认选择" }).click();
  await expect(page.getByRole("img", { name: /会员二维码/ })).toBeVisible();
  const offer = page.getByTestId("redemption-offer");
  await expect(offer).toContainText("所选营养奶粉试用装一罐");
  await expect(offer).toContainText(`${sentenceDay(hkDay(90))}或之前`);
  await checkA11y(page);
  await snap(page, testInfo, "hans-04-done");

  const ref = (await page.getByTestId("lead-ref").textContent())?.trim() ?? "";
  const lead = await leadAsStaff(ref, await staffToken("A001"));
  expect(lead).toMatchObject({
    residence: "CN",
    phone_code: "86",
    address_cn: { province: "广西壮族自治区", city: "南宁市" },
    consents: { lang: "zh-Hans", documents: [{ kind: "privacy_policy" }, { kind: "pics" }] },
  });
});

test("recruitment in Simplified Chinese from the baby's details to the QR code, then 繁體 stays chosen", async ({
  page,
}, testInfo) => {
  await seedCustomer(page, "recruitment", uniqueEmail("hans-recruitment"), {
    ...hkPerson({ last_name: "吴", first_name: "咏诗", phone: "91112222" }),
    ...termsAccepted(),
  });
  await page.goto("/customer/recruitmentForm/cooperativePartner");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("妈妈会员招募");
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByText("请选择合作伙伴诊所")).toBeVisible();
  await page.getByRole("combobox", { name: "合作伙伴诊所" }).selectOption({ index: 1 });
  await page.getByRole("button", { name: "下一步" }).click();

  await expect(heading(page, "宝宝信息")).toBeVisible();
  await page.getByRole("radio", { name: "怀孕中" }).check();
  const due = hkDay(120);
  await page.getByRole("button", { name: /预产期/ }).click();
  const dialog = page.getByRole("dialog", { name: "选择日期" });
  await dialog.getByRole("combobox", { name: "年份" }).selectOption(String(Number(due.slice(0, 4))));
  await dialog.getByRole("combobox", { name: "月份" }).selectOption(String(Number(due.slice(5, 7))));
  await dialog.locator(`button[data-date="${due}"]`).click();
  await dialog.getByRole("button", { name: "确定" }).click();
  await page.getByRole("radio", { name: "私立医院" }).check();
  await page.getByRole("combobox", { name: "分娩医院" }).selectOption({ index: 1 });
  await checkA11y(page);
  await snap(page, testInfo, "hans-05-baby");
  await page.getByRole("button", { name: "下一步" }).click();

  await expect(heading(page, "确认信息")).toBeVisible();
  await checkA11y(page);
  await snap(page, testInfo, "hans-06-review");
  await page.getByRole("button", { name: "确认并提交" }).click();
  await expect(page).toHaveURL(/memberRedemption$/);
  await expect(page.getByRole("img", { name: /会员二维码/ })).toBeVisible();
  await expect(page.getByText("营养师咨询", { exact: true })).toBeVisible();
  await checkA11y(page);
  await snap(page, testInfo, "hans-07-member");

  // The choice of 繁體 outweighs the browser's zh-CN from then on.
  await page.getByRole("button", { name: "繁體" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("媽媽會員招募");
  await expect(page.getByRole("button", { name: "简体" })).toHaveAttribute("lang", "zh-Hans");
});

test('<nu-form lang="zh-CN"> on a page whose origin the server does not allow says so, not "check the network"', async ({
  page,
}) => {
  await page.route("http://refused.example/brand-page", (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>brand</title>
<link rel="icon" href="data:,"><meta name="nu-forms:api-base" content="${BASE_URL}/api">
<meta name="nu-forms:api-key" content="${API_KEY}">
<script type="module" src="${BASE_URL}/elements/nu-forms.js"></script></head>
<body><main><h1>brand</h1><nu-form lang="zh-CN"></nu-form></main></body></html>`,
    }),
  );
  await page.goto("http://refused.example/brand-page");
  await expect(heading(page, "邮箱登录")).toBeVisible();
  await page.getByRole("combobox", { name: "邮箱地址" }).fill(uniqueEmail("hans-refused"));
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText(/此网页尚未开通登记服务/).first()).toBeVisible();
  await expect(page.getByText(/请检查网络/)).toHaveCount(0);
});
