package archipelago

// Building the views of a state.

// buildView builds the view every seat shares.
func (s *state) buildView() *View {
	v := &View{
		Seat:         -1,
		Round:        s.round,
		Phase:        phaseNames[s.phase],
		Length:       lengthNames[s.length],
		LastRound:    deadline[s.length],
		Regions:      len(s.regionPile),
		Population:   s.population(),
		Rebellion:    s.rebellion,
		Excess:       s.excess,
		RecruitPrice: bandAt(excessTrack, s.excess).recruit,
		BankFlorins:  s.bankFlorins,
		Pile:         len(s.pile),
		Last:         s.lastLines(),
		last:         s.last,
		Over:         s.over,
	}
	for _, q := range s.ToAct() {
		v.ToAct = append(v.ToAct, int(q))
	}
	v.Discs = s.discs()
	for i := range s.seats {
		v.Order = append(v.Order, s.seatAt(i))
	}
	for q := range s.seats {
		v.Players = append(v.Players, s.playerView(q))
	}
	v.Map = s.mapView()
	for _, h := range s.display {
		if h > 0 {
			v.Next = append(v.Next, hexViews[h])
		}
	}
	v.Home, v.Export, v.BankCubes = ints(s.home[:]), ints(s.export[:]), ints(s.bankCubes[:])
	v.Stacks = ints(s.stacks[:])
	w := wheel[s.seats]
	v.Wheel = WheelView{int(s.explored), w.explore, int(s.taxed), w.tax, countBits(s.reproduced), w.reproduce, int(s.coins)}
	for i, sl := range s.track {
		if sl.card >= 0 {
			v.Track = append(v.Track, s.cardView(i))
		}
	}
	if n := len(s.pile); n > 0 {
		v.Top = backView(cards[s.pile[n-1]].back)
	}
	if s.trend >= 0 {
		t := trends[s.trend]
		rule := scoringPhrase(t.score)
		v.Trend = &TrendView{t.name, rule.String(), rule}
	}
	if s.shown {
		v.Bids = make([]int, s.seats)
		for q := range s.seats {
			v.Bids[q] = s.bids[q]
		}
	}
	if s.phase == phCrisis {
		v.Crisis = s.crisisView()
	}
	for p, d := range s.deals[:s.seats] {
		if d.open {
			v.Offers = append(v.Offers, OfferView{p, int(d.to), goodsWords(d.give), goodsWords(d.ask),
				Move{Kind: KOffer, Seat: d.to, Give: d.give, Ask: d.ask}.String(), d.give, d.ask})
		}
	}
	for g := range s.seats {
		for q := range s.seats {
			if s.permits[g]&(1<<q) != 0 {
				v.Permits = append(v.Permits, Permit{g, q})
			}
		}
	}
	if s.over {
		s.endView(v)
	}
	return v
}

func ints[T int8 | int](xs []T) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out
}

// iconText is "fish 2, wood 1".
func iconText(xs [nRes]int8) string {
	t := ""
	for r, n := range xs {
		if n > 0 {
			if t != "" {
				t += ", "
			}
			t += itoa(int(n)) + " " + resNames[r]
		}
	}
	return t
}

func (s *state) playerView(q int) PlayerView {
	pl := &s.players[q]
	pv := PlayerView{
		Seat: q, Color: colors[q], Discs: s.discs(), DiscsUsed: int(pl.discsUsed), Passed: pl.passed,
		Citizens: s.seatCitizens(q), Rebels: s.seatRebels(q), Ships: s.seatShips(q),
		CitizensLeft: int(pl.cits), ShipsLeft: int(pl.ships),
		HasBid: s.sealedBid(q),
	}
	for _, k := range s.cardsOf(q) {
		pv.Cards = append(pv.Cards, cards[k].name)
		if pl.used&(1<<k) != 0 {
			pv.Turned = append(pv.Turned, cards[k].name)
		}
	}
	return pv
}

// mapKey is everything the map view shows: two states with the same key
// share their map view.
type mapKey struct {
	grid           [nCells]int8
	sideOf, turnOf [nHex]int8
	units          [nHex][maxSeats]units
	occ            [nHex][nRes]int8
	builds         [nHex][nBuild]building
}

// mapCache is a map view built by a state, handed on to the states that
// follow it; it is never changed.
type mapCache struct {
	key  mapKey
	view []RegionView
}

// mapView returns the map view, reusing the one of an earlier state when
// the map has not changed.
func (s *state) mapView() []RegionView {
	key := mapKey{grid: s.grid, sideOf: s.sideOf, turnOf: s.turnOf, units: s.units, occ: s.occ, builds: s.builds}
	if m := s.maps; m != nil && m.key == key {
		s.public.maps.Store(m)
		return m.view
	}
	m := &mapCache{key: key, view: s.buildMap()}
	s.public.maps.Store(m)
	return m.view
}

func (s *state) buildMap() []RegionView {
	n := 0
	for h := range nHex {
		if s.placed(h) {
			n++
		}
	}
	out := make([]RegionView, 0, n)
	for c := range nCells {
		h := int(s.grid[c])
		if h < 0 {
			continue
		}
		face := s.sideData(h)
		name := openSea.name
		if h > 0 {
			name = regions[h-1].name
		}
		rv := RegionView{
			Cell: cellName(c), idx: c, Hex: h, Name: name, Side: sideLetter(s.sideOf[h]),
			Edges: turnedEdges(face, int(s.turnOf[h])), Icons: iconText(face.icons), Huts: face.huts(),
			icons: face.icons, taken: s.occ[h],
		}
		if s.occ[h] != [nRes]int8{} {
			rv.Taken = iconText(s.occ[h])
		}
		if c := s.controller(h); c >= 0 {
			rv.Controller = &c
		}
		for q := range s.seats {
			if u := s.units[h][q]; u.any() {
				rv.Units = append(rv.Units, UnitView{q, int(u.cit), int(u.citLinked), int(u.rebels), int(u.housed), int(u.ship), int(u.shipLink)})
			}
		}
		for k := bCity; k < nBuild; k++ {
			if b := s.builds[h][k]; b.owner >= 0 {
				rv.Buildings = append(rv.Buildings, BuildingView{buildNames[k], int(b.owner), int(b.occupant)})
			}
		}
		out = append(out, rv)
	}
	return out
}

// hexViews are the hexagons' views, by number.
var hexViews = func() (out [nHex]HexView) {
	for h := 1; h < nHex; h++ {
		out[h] = hexView(h)
	}
	return out
}()

func hexView(h int) HexView {
	r := regions[h-1]
	hv := HexView{Hex: h, Name: r.name}
	for sd, f := range r.sides {
		hv.Sides = append(hv.Sides, SideView{sideLetter(int8(sd)), f.edges, iconText(f.icons), f.huts(), f.icons})
	}
	return hv
}

func (s *state) cardView(i int) CardView {
	sl := s.track[i]
	c := cards[sl.card]
	next := skull
	if sl.turns+1 < 4 {
		next = c.costs[sl.turns+1]
	}
	return CardView{Place: i + 1, Name: c.name, Kind: kindNames[c.kind], Effect: effectTexts[sl.card].String(), effect: effectTexts[sl.card], Cost: s.cardCost(i), Turns: int(sl.turns), Next: next}
}

var kindNames = [2]string{"progress", "character"}

func backView(b back) *BackView {
	event := eventPhrase(b.event, b.eventArg)
	return &BackView{
		HomeRes: resNames[b.homeRes], HomePer: b.homePer, HomeRed: b.homeRed,
		ExportN: b.exportN, ExportRes: resNames[b.exportRes], ExportRed: b.exportRed,
		Event: event.String(), EventRed: b.eventRed, event: event,
	}
}

func (s *state) crisisView() *CrisisView {
	c := &s.crisis
	cv := &CrisisView{Kind: "export", Resource: resNames[c.res], Needed: int(c.need), Giver: s.actor(), Red: c.red}
	if c.kind == qHome {
		cv.Kind, cv.PerCube, cv.Lying = "domestic", int(c.per), ints(c.lying[:s.seats])
		cv.Needed = (c.lyingTotal() + int(c.per) - 1) / int(c.per)
	}
	return cv
}

func (s *state) objectiveView(q int) *ObjectiveView {
	o := &objectives[s.players[q].objective]
	ends, scores := s.endPhrase(o), rankPhrase(o)
	return &ObjectiveView{Holder: q, Name: o.name, Ends: ends.String(), Scores: scores.String(), ends: ends, scores: scores}
}

// privateView is what lies behind seat q's screen.
func (s *state) privateView(q int) *PrivateView {
	pl := &s.players[q]
	pv := &PrivateView{Color: colors[q], Florins: pl.florins, Cubes: ints(pl.cubes[:]), Tokens: int(pl.tokens)}
	if pl.objective >= 0 {
		pv.Objective = s.objectiveView(q)
	}
	if s.sealedBid(q) {
		b := pl.bid
		pv.Bid = &b
	}
	if s.round == 0 {
		for _, h := range s.hands[q] {
			if h > 0 {
				pv.Hand = append(pv.Hand, hexView(int(h)))
			}
		}
	}
	return pv
}

// endView adds the ending, the screens, the objectives and the scores.
func (s *state) endView(v *View) {
	switch {
	case s.war:
		v.Ending = "independence war"
		v.EveryoneLost = s.winner < 0
		if s.winner >= 0 {
			v.Winners = []int{int(s.winner)}
		}
	case s.endedBy >= 0:
		v.Ending = "objective"
	default:
		v.Ending = "year"
	}
	for q := range s.seats {
		v.Players[q].Screen = s.privateView(q)
		if s.players[q].objective >= 0 {
			v.Objectives = append(v.Objectives, *s.objectiveView(q))
		}
	}
	if s.war {
		return
	}
	best := 0
	for q := range s.seats {
		sv := ScoreView{Seat: q, Lines: s.scoreLines(q)}
		for _, pts := range sv.Lines {
			sv.Points += pts
		}
		if q == 0 || sv.Points > best {
			best = sv.Points
		}
		v.Scores = append(v.Scores, sv)
	}
	for _, sv := range v.Scores {
		if sv.Points == best {
			v.Winners = append(v.Winners, sv.Seat)
		}
	}
}
