/**
 * The zh-HK texts the widgets (lib/widgets) show: the React widgets read only these and en.widgets.ts
 * (lib/core/i18n/widgetTexts.ts), so a page with a `<Select>` does not carry the whole catalogue.
 * lib/core/i18n/index.ts adds them to zh-HK.ts's for everything else. In the element builds
 * vite.catalogues.ts cuts the whole catalogue (zh-HK.ts and this) anew by signInMessages.ts: this
 * module becomes the part the widget elements load beyond the sign-in texts (lib/load/catalogues.ts)
 * and its sign-in texts (`common.*`, `widgets.email.*`) stay in zh-HK.ts's part. Every key here
 * must also be in en.widgets.ts.
 */
export const zhHKWidgets = {
  // — common (the flows show these too) —
  "common.required": "必須填寫",
  "common.pleaseSelect": "請選擇",
  "common.leaveBlankIfNA": "如該欄不適用，請留空。",
  "common.clear": "清除",
  // — address —
  "address.region": "區域",
  "address.district": "地區",
  "address.subDistrict": "分區",
  "address.building": "大廈／屋苑名稱",
  "address.buildingEn": "大廈／屋苑英文名稱",
  "address.block": "座數",
  "address.floor": "樓層",
  "address.room": "室",
  "address.street": "街道",
  "address.streetLabel": "街道：",
  "address.regionRequired": "請選擇區域",
  "address.districtRequired": "請選擇地區",
  // — widgets —
  "widgets.dialog.confirm": "確定",
  "widgets.dialog.cancel": "取消",
  "widgets.email.label": "電郵地址",
  "widgets.email.invalid": "請輸入有效的電郵地址",
  "widgets.email.send": "發送電郵",
  "widgets.email.sending": "發送中…",
  "widgets.email.sent": "已發送",
  "widgets.email.sendFailed": "發送失敗，請稍後再試",
  "widgets.email.suggestions": "電郵地址建議",
  "widgets.select.placeholder": "請選擇",
  "widgets.required": "必須填寫",
  "widgets.date.label": "日期",
  "widgets.date.placeholder": "請選擇日期",
  "widgets.date.title": "選擇日期",
  "widgets.date.prevMonth": "上一個月",
  "widgets.date.nextMonth": "下一個月",
  "widgets.date.year": "年份",
  "widgets.date.month": "月份",
  "widgets.date.yearName": "{year}年",
  "widgets.date.monthNames": "1月,2月,3月,4月,5月,6月,7月,8月,9月,10月,11月,12月",
  "widgets.date.monthTitle": "{year}年{month}月",
  "widgets.date.dayLabel": "{year}年{month}月{day}日",
  "widgets.date.weekdaysShort": "日,一,二,三,四,五,六",
  "widgets.date.weekdaysLong": "星期日,星期一,星期二,星期三,星期四,星期五,星期六",
  "widgets.date.chosen": "已選擇：{date}",
  "widgets.date.noneChosen": "尚未選擇日期",
  "widgets.date.rangeHint": "可選日期：{min} 至 {max}",
  "widgets.date.noRange": "暫時沒有可選擇的日期",
  "widgets.address.label": "地址",
  "widgets.address.suggestions": "地址建議",
  "widgets.address.buildingHint": "輸入大廈或屋苑名稱最少兩個字，再從建議中選擇，區域及地區會自動填上。",
  "widgets.address.clearBuilding": "清除大廈／屋苑名稱",
  // — address form in the order people fill it —
  "widgets.address.searching": "正在搜尋地址…",
  "widgets.address.noMatch": "找不到相符的地址。請檢查大廈或屋苑名稱，或直接在下面選擇區域及地區。",
  "widgets.address.slow": "地址查詢服務回應較慢。你可以繼續等候，或直接輸入地址並自行選擇區域及地區。",
  "widgets.address.failed": "暫時未能使用地址查詢服務。",
  "widgets.address.manual": "找不到地址？手動輸入",
  "widgets.address.manualHint": "請輸入大廈或屋苑名稱，並在下面選擇區域及地區。",
  "widgets.email.resend": "重新發送",
  "widgets.email.resendIn": "重新發送（{seconds} 秒）",
  "widgets.email.typo": "你是否想輸入 {email}？",
  "widgets.email.typoFix": "改用 {email}",
} as const;

export type WidgetMessageKey = keyof typeof zhHKWidgets;
