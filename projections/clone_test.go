package projections

import (
	"reflect"
	"testing"
)

// cloneShares are the fields of a Game that Clone may share: the rules'
// state and game never change, and folding replaces these fields rather
// than changing what they point to.
var cloneShares = map[string]bool{"State": true, "Rules": true, "Created": true, "Ended": true, "PausedAt": true}

// TestCloneSharesNothing fills every map, slice and pointer of a Game and
// checks that Clone copies each, so a field added later without a copy in
// Clone fails here rather than as a kept game changed by a command.
func TestCloneSharesNothing(t *testing.T) {
	g := &Game{sources: map[string]uint64{"source": 1}}
	fill(reflect.ValueOf(g).Elem())
	c := g.Clone()
	shared(t, "Game", reflect.ValueOf(g).Elem(), reflect.ValueOf(c).Elem())
}

// own reports whether t is declared in this package, so its fields are
// this package's to copy.
func own(t reflect.Type) bool { return t.PkgPath() == reflect.TypeFor[Game]().PkgPath() }

// fill gives every settable map, slice and pointer in v one element.
func fill(v reflect.Value) {
	for i := range v.NumField() {
		f := v.Field(i)
		if !f.CanSet() || cloneShares[v.Type().Field(i).Name] {
			continue
		}
		switch f.Kind() {
		case reflect.Map:
			m := reflect.MakeMap(f.Type())
			m.SetMapIndex(reflect.Zero(f.Type().Key()), one(f.Type().Elem()))
			f.Set(m)
		case reflect.Slice:
			f.Set(one(f.Type()))
		case reflect.Pointer:
			f.Set(one(f.Type()))
		case reflect.Struct:
			if own(f.Type()) {
				fill(f)
			}
		}
	}
}

// one returns a value of type t holding one element, if it holds any.
func one(t reflect.Type) reflect.Value {
	switch t.Kind() {
	case reflect.Slice:
		return reflect.Append(reflect.MakeSlice(t, 0, 1), reflect.Zero(t.Elem()))
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		if t.Elem().Kind() == reflect.Struct && own(t.Elem()) {
			fill(p.Elem())
		}
		return p
	}
	return reflect.Zero(t)
}

// shared reports the maps, slices and pointers that a and b share.
func shared(t *testing.T, path string, a, b reflect.Value) {
	t.Helper()
	for i := range a.NumField() {
		name := a.Type().Field(i).Name
		fa, fb, p := a.Field(i), b.Field(i), path+"."+name
		if cloneShares[name] {
			continue
		}
		switch fa.Kind() {
		case reflect.Map:
			if fa.Len() == 0 {
				t.Errorf("%s is empty: fill does not reach it", p)
				continue
			}
			if fa.Pointer() == fb.Pointer() {
				t.Errorf("Clone shares %s", p)
			}
			for _, k := range fa.MapKeys() {
				va, vb := fa.MapIndex(k), fb.MapIndex(k)
				if va.Kind() == reflect.Slice && va.Len() > 0 && va.Pointer() == vb.Pointer() {
					t.Errorf("Clone shares the values of %s", p)
				}
			}
		case reflect.Slice:
			if fa.Len() > 0 && fa.Pointer() == fb.Pointer() {
				t.Errorf("Clone shares %s", p)
			}
		case reflect.Pointer:
			if fa.IsNil() {
				t.Errorf("%s is nil: fill does not reach it", p)
				continue
			}
			if fa.Pointer() == fb.Pointer() {
				t.Errorf("Clone shares %s", p)
			} else if fa.Elem().Kind() == reflect.Struct && own(fa.Elem().Type()) {
				shared(t, p, fa.Elem(), fb.Elem())
			}
		case reflect.Struct:
			if own(fa.Type()) {
				shared(t, p, fa, fb)
			}
		}
	}
}
