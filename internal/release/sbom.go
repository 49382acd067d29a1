package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"runtime/debug"
	"strings"
	"time"
)

// Document is an SPDX 2.3 document in its JSON form, with the fields an
// SBOM of a Go binary fills.
type Document struct {
	SPDXVersion       string         `json:"spdxVersion"`
	DataLicense       string         `json:"dataLicense"`
	SPDXID            string         `json:"SPDXID"`
	Name              string         `json:"name"`
	DocumentNamespace string         `json:"documentNamespace"`
	CreationInfo      CreationInfo   `json:"creationInfo"`
	Packages          []Package      `json:"packages"`
	Relationships     []Relationship `json:"relationships"`
}

// CreationInfo says when and by what a document was made.
type CreationInfo struct {
	Created  string   `json:"created"`
	Creators []string `json:"creators"`
}

// Package is one SPDX package: pbem, a module it is built from, or Go.
type Package struct {
	Name             string        `json:"name"`
	SPDXID           string        `json:"SPDXID"`
	VersionInfo      string        `json:"versionInfo"`
	Supplier         string        `json:"supplier,omitempty"`
	DownloadLocation string        `json:"downloadLocation"`
	FilesAnalyzed    bool          `json:"filesAnalyzed"`
	Checksums        []Checksum    `json:"checksums,omitempty"`
	LicenseConcluded string        `json:"licenseConcluded"`
	LicenseDeclared  string        `json:"licenseDeclared"`
	CopyrightText    string        `json:"copyrightText"`
	ExternalRefs     []ExternalRef `json:"externalRefs,omitempty"`
	Comment          string        `json:"comment,omitempty"`
}

// Checksum is a package file's digest.
type Checksum struct {
	Algorithm     string `json:"algorithm"`
	ChecksumValue string `json:"checksumValue"`
}

// ExternalRef is a package's name elsewhere, here its package URL.
type ExternalRef struct {
	ReferenceCategory string `json:"referenceCategory"`
	ReferenceType     string `json:"referenceType"`
	ReferenceLocator  string `json:"referenceLocator"`
}

// Relationship ties two elements of the document.
type Relationship struct {
	SPDXElementID      string `json:"spdxElementId"`
	RelationshipType   string `json:"relationshipType"`
	RelatedSPDXElement string `json:"relatedSpdxElement"`
}

const noAssertion = "NOASSERTION"

// SBOM returns the SPDX document of the binary bin, whose build
// information is bi: the main module, every module the toolchain linked
// into it (a replaced module as its replacement), and the Go standard
// library, the main module depending on each. It is made from the binary
// alone: its time is the commit's (vcs.time), so the same binary always
// has the same SBOM.
func SBOM(bi *debug.BuildInfo, bin []byte) (Document, error) {
	if bi == nil || bi.Main.Path == "" {
		return Document{}, errors.New("the binary records no main module")
	}
	sum := sha256.Sum256(bin)
	version := bi.Main.Version
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	created := settings["vcs.time"]
	if t, err := time.Parse(time.RFC3339, created); err == nil {
		created = t.UTC().Format(time.RFC3339)
	} else {
		created = "1970-01-01T00:00:00Z" // no commit time recorded: nothing made up
	}
	name := pathBase(bi.Main.Path)
	doc := Document{
		SPDXVersion: "SPDX-2.3", DataLicense: "CC0-1.0", SPDXID: "SPDXRef-DOCUMENT",
		Name:              name + "-" + version,
		DocumentNamespace: "https://" + bi.Main.Path + "/spdx/" + name + "-" + version + "-" + hex.EncodeToString(sum[:8]),
		CreationInfo:      CreationInfo{Created: created, Creators: []string{"Tool: " + bi.Main.Path + "/internal/release"}},
	}
	main := Package{
		Name: bi.Main.Path, SPDXID: "SPDXRef-Package-main", VersionInfo: version,
		DownloadLocation: noAssertion, Checksums: []Checksum{{"SHA256", hex.EncodeToString(sum[:])}},
		LicenseConcluded: "Apache-2.0", LicenseDeclared: "Apache-2.0", CopyrightText: noAssertion,
		ExternalRefs: []ExternalRef{purl(bi.Main.Path, version)},
	}
	if rev := settings["vcs.revision"]; rev != "" {
		main.DownloadLocation = "git+https://" + bi.Main.Path + "@" + rev
		main.Comment = "built from revision " + rev
		if settings["vcs.modified"] == "true" {
			main.Comment += " with changes not committed"
		}
	}
	doc.Packages = append(doc.Packages, main)
	doc.Relationships = append(doc.Relationships, Relationship{"SPDXRef-DOCUMENT", "DESCRIBES", main.SPDXID})
	for i, d := range bi.Deps {
		m := d
		if d.Replace != nil {
			m = d.Replace
		}
		p := Package{
			Name: m.Path, SPDXID: fmt.Sprintf("SPDXRef-Package-%d-%s", i+1, spdxIDChars.ReplaceAllString(m.Path, "-")),
			VersionInfo: m.Version, DownloadLocation: proxyURL(m), LicenseConcluded: noAssertion, LicenseDeclared: noAssertion,
			CopyrightText: noAssertion, ExternalRefs: []ExternalRef{purl(m.Path, m.Version)},
		}
		if m.Sum != "" {
			p.Comment = "go.sum " + m.Sum
		}
		if d.Replace != nil {
			p.Comment = strings.TrimSpace("replaces " + d.Path + " " + d.Version + "; " + p.Comment)
		}
		doc.Packages = append(doc.Packages, p)
		doc.Relationships = append(doc.Relationships, Relationship{main.SPDXID, "DEPENDS_ON", p.SPDXID})
	}
	goPkg := Package{
		Name: "stdlib", SPDXID: "SPDXRef-Package-go-stdlib", VersionInfo: bi.GoVersion,
		DownloadLocation: "https://go.dev/dl/", LicenseConcluded: "BSD-3-Clause", LicenseDeclared: "BSD-3-Clause",
		CopyrightText: noAssertion, ExternalRefs: []ExternalRef{purl("stdlib", bi.GoVersion)},
	}
	doc.Packages = append(doc.Packages, goPkg)
	doc.Relationships = append(doc.Relationships, Relationship{main.SPDXID, "DEPENDS_ON", goPkg.SPDXID})
	return doc, nil
}

var spdxIDChars = regexp.MustCompile(`[^A-Za-z0-9.-]+`)

// purl is a Go module's package URL (pkg:golang/path@version).
func purl(path, version string) ExternalRef {
	loc := "pkg:golang/" + path
	if version != "" && version != "(devel)" {
		loc += "@" + version
	}
	return ExternalRef{"PACKAGE-MANAGER", "purl", loc}
}

// proxyURL is where the Go module proxy serves m's zip; NOASSERTION for
// a module replaced by a directory.
func proxyURL(m *debug.Module) string {
	if m.Version == "" || strings.HasPrefix(m.Path, ".") || strings.HasPrefix(m.Path, "/") {
		return noAssertion
	}
	return "https://proxy.golang.org/" + escapePath(m.Path) + "/@v/" + escapePath(m.Version) + ".zip"
}

// escapePath is a module path or version as the proxy protocol writes it:
// each upper-case letter as "!" and its lower case.
func escapePath(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('!')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func pathBase(p string) string {
	if i := strings.LastIndex(p, "/"); i >= 0 {
		return p[i+1:]
	}
	return p
}
