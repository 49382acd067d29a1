package archipelago

import (
	"slices"
	"strings"
)

// Glossary is the Chinese of Archipelago's names: pbem's own translation,
// as no Chinese edition of the game names its cards, regions, trends and
// objectives. It is the one place
// these names are written: the catalog's Chinese texts of the game's
// names are checked against it (games/mailroom/endtoend TestArchipelagoGlossary),
// docs/rules/archipelago.md lists it, and a move may name a card, a
// resource, a color or a building by its Chinese name (CARD 渔夫).
var Glossary = []Term{
	// The resources, as the cubes name them.
	{"fish", "鱼"}, {"fruit", "水果"}, {"cattle", "牲畜"}, {"stone", "石头"}, {"wood", "木材"}, {"iron", "铁"},
	// The players' colors.
	{"red", "红色"}, {"blue", "蓝色"}, {"green", "绿色"}, {"yellow", "黄色"}, {"white", "白色"},
	// What a player builds and has.
	{"ship", "船"}, {"city", "城市"}, {"market", "市场"}, {"port", "港口"}, {"temple", "神庙"},
	{"citizen", "居民"}, {"florin", "弗罗林"}, {"explorer token", "探险标记"}, {"hexagon", "地块"},
	// The board and the rounds.
	{"domestic market", "国内市场"}, {"export market", "出口市场"}, {"crisis", "危机"}, {"rebellion", "叛乱"},
	{"excess workers", "过剩劳力"}, {"evolution card", "发展卡"}, {"progress", "进步卡"}, {"character", "人物卡"},
	{"trend", "潮流"}, {"objective", "目标"},
	// The open sea and the 24 regions.
	{"Open Sea", "公海"}, {"Coral Bay", "珊瑚湾"}, {"Palm Cove", "棕榈湾"}, {"Iron Ridge", "铁岭"}, {"Green Vale", "青谷"},
	{"Stone Point", "石岬"}, {"Timber Coast", "林木海岸"}, {"Turtle Lagoon", "海龟潟湖"}, {"High Pastures", "高山牧场"},
	{"Black Cliffs", "黑崖"}, {"Mango Grove", "芒果林"}, {"Cedar Hills", "雪松丘"}, {"Salt Marsh", "盐沼"},
	{"Granite Cape", "花岗岬"}, {"Sugar Fields", "甘蔗田"}, {"Smoking Peak", "烟峰"}, {"Fishers' Reef", "渔人礁"},
	{"Wild Plateau", "荒原台地"}, {"Banana Shore", "香蕉海岸"}, {"Obsidian Bay", "黑曜湾"}, {"Ranch Lands", "牧场地"},
	{"Deep Forest", "密林"}, {"Quarry Hill", "采石丘"}, {"Pearl Sound", "珍珠海峡"}, {"Twin Peaks", "双峰"},
	// The 24 progress cards.
	{"Fishing Nets", "渔网"}, {"Irrigation", "灌溉"}, {"Animal Husbandry", "畜牧"}, {"Quarrying", "采石"},
	{"Sawmill", "锯木厂"}, {"Blast Furnace", "高炉"}, {"Shipyard", "造船厂"}, {"Masonry", "砌石术"},
	{"Trade Hall", "商会大厅"}, {"Harbour Works", "港口工程"}, {"Architecture", "建筑学"}, {"Printing Press", "印刷机"},
	{"Medicine", "医学"}, {"Astrolabe", "星盘"}, {"Compass", "罗盘"}, {"Banking", "银行业"},
	{"Accounting", "会计学"}, {"Crop Rotation", "轮作"}, {"Canals", "运河"}, {"Navigation", "航海术"},
	{"Windmill", "风车"}, {"Steel Forge", "炼钢炉"}, {"Aqueduct", "引水渠"}, {"Lighthouse", "灯塔"},
	// The 24 characters.
	{"Governor", "总督"}, {"Tax Collector", "税吏"}, {"Recruiter", "募兵官"}, {"Missionary", "传教士"},
	{"Priest", "祭司"}, {"Diplomat", "外交官"}, {"Merchant", "商人"}, {"Shopkeeper", "店主"},
	{"Banker", "银行家"}, {"Moneylender", "放贷人"}, {"Navigator", "领航员"}, {"Cook", "厨师"},
	{"Doctor", "医生"}, {"Fisherman", "渔夫"}, {"Farmer", "农夫"}, {"Herder", "牧人"},
	{"Stonemason", "石匠"}, {"Lumberjack", "伐木工"}, {"Blacksmith", "铁匠"}, {"Architect", "建筑师"},
	{"Shipwright", "造船匠"}, {"Mayor", "市长"}, {"Judge", "法官"}, {"Harbour Master", "港务长"},
	// The 12 trends.
	{"Faith", "信仰"}, {"Commerce", "商业"}, {"Seafaring", "远航"}, {"Urbanism", "都市化"}, {"Science", "科学"}, {"Nobility", "贵族"},
	{"Discovery", "发现"}, {"Abundance", "丰饶"}, {"Industry", "工业"}, {"Trade", "贸易"}, {"Harmony", "和谐"}, {"Growth", "增长"},
	// The 30 objectives.
	{"The Separatist", "分离主义者"}, {"The Pacifist", "和平主义者"}, {"The Admiral", "海军上将"}, {"The Founder", "奠基人"}, {"The Trader", "行商"},
	{"The Colonist", "殖民者"}, {"The Explorer", "探险家"}, {"The Scholar", "学者"}, {"The Courtier", "廷臣"}, {"The Builder", "建设者"},
	{"The Rebel Leader", "叛军首领"}, {"The Peacemaker", "调停者"}, {"The Shipowner", "船东"}, {"The Urbanist", "筑城者"}, {"The Financier", "金融家"},
	{"The Settler", "拓荒者"}, {"The Cartographer", "制图师"}, {"The Inventor", "发明家"}, {"The Patron", "赞助人"}, {"The Abbot", "修道院长"},
	{"The Independentist", "独立派"}, {"The Apostle of Peace", "和平使徒"}, {"The Fleet Lord", "舰队领主"}, {"The Governor General", "大总督"}, {"The Magnate", "巨贾"},
	{"The Patriarch", "族长"}, {"The Pathfinder", "开路人"}, {"The Philosopher", "哲学家"}, {"The Aristocrat", "贵胄"}, {"The Merchant Prince", "豪商"},
}

// Term is a name of the game in English and in Chinese.
type Term struct {
	English, Chinese string
}

// chinese rewrites the Chinese names of a move as the English words Parse
// reads, the longest first so that 国内市场 is not read as 市场.
var chinese = func() *strings.Replacer {
	terms := append(slices.Clone(Glossary), zhWords...)
	slices.SortStableFunc(terms, func(a, b Term) int { return len(b.Chinese) - len(a.Chinese) })
	var pairs []string
	for _, t := range terms {
		pairs = append(pairs, t.Chinese, " "+strings.ToUpper(t.English)+" ")
	}
	// F5×2, as Chinese text writes a count, is F5x2; full-width spaces
	// and commas separate words.
	pairs = append(pairs, "×", "x", "　", " ", "，", ",")
	return strings.NewReplacer(pairs...)
}()
