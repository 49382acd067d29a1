package words

// en is English, the language every reader gets whose own pbem does not
// speak.
var en = dict{
	"lang.name": "English",

	"note.detected": "pbem writes to you in %[1]s, as your mail was written, and gives you times in %[2]s. " +
		"To change either, send LANG zh (for Chinese, 中文) or TZ and your time zone, e.g. TZ Europe/London or TZ -05:00.",
	"note.lang": "From now on pbem writes to you in English.",
	"note.zone": "From now on pbem gives you times in %[1]s (%[2]s now).",

	"refuse.lang": "pbem writes English (LANG en) and Chinese (LANG zh); it does not know %[1]q.",
	"refuse.zone": "write TZ and your time zone, as a place (TZ Asia/Shanghai, TZ Europe/London) or an offset from UTC (TZ +08:00, TZ -05:30); pbem does not know %[1]q.",

	"time.when": "%[1]s %[2]d %[3]s %[4]s %[5]s",
	"day.Mon":   "Mon", "day.Tue": "Tue", "day.Wed": "Wed", "day.Thu": "Thu", "day.Fri": "Fri", "day.Sat": "Sat", "day.Sun": "Sun",
	"month.Jan": "Jan", "month.Feb": "Feb", "month.Mar": "Mar", "month.Apr": "Apr", "month.May": "May", "month.Jun": "Jun",
	"month.Jul": "Jul", "month.Aug": "Aug", "month.Sep": "Sep", "month.Oct": "Oct", "month.Nov": "Nov", "month.Dec": "Dec",

	"deadline.grace": "%[1]s; after %[2]s of grace, at %[3]s, pbem plays for you",
}
