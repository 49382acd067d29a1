package words

// zh is Chinese, in simplified characters.
var zh = dict{
	"lang.name": "中文",

	"note.detected": "pbem 按你来信所用的语言，用%[1]s给你写信，时间按 %[2]s 显示。" +
		"要更改，请发送 LANG en（改用英文，English），或发送 TZ 加上你的时区，例如 TZ Asia/Shanghai 或 TZ +08:00。",
	"note.lang": "从现在起，pbem 用中文给你写信。",
	"note.zone": "从现在起，pbem 按 %[1]s 给你显示时间（现在是 %[2]s）。",

	"refuse.lang": "pbem 能用中文（LANG zh）和英文（LANG en）写信，不认识 %[1]q。",
	"refuse.zone": "请写 TZ 加上你的时区：地名（TZ Asia/Shanghai）或与 UTC 的时差（TZ +08:00）。pbem 不认识 %[1]q。",

	"time.when": "%[6]d月%[2]d日（%[1]s）%[4]s %[5]s",
	"day.Mon":   "周一", "day.Tue": "周二", "day.Wed": "周三", "day.Thu": "周四", "day.Fri": "周五", "day.Sat": "周六", "day.Sun": "周日",
	"month.Jan": "1月", "month.Feb": "2月", "month.Mar": "3月", "month.Apr": "4月", "month.May": "5月", "month.Jun": "6月",
	"month.Jul": "7月", "month.Aug": "8月", "month.Sep": "9月", "month.Oct": "10月", "month.Nov": "11月", "month.Dec": "12月",

	"deadline.grace": "%[1]s；宽限 %[2]s 之后，即 %[3]s，pbem 将替你走棋",
}
