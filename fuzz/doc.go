// Package fuzz holds clada's native Go fuzz targets: one per syntax
// (fuzz_<syntax>_test.go; the other tools' formats in fuzz_foreign_test.go),
// FuzzConvert (a document printed in each syntax reads back the same) and
// FuzzSHAMRuns (SHAM blocks read as one run come out as each read alone).
// Each parse target checks that any input parses without panic, with every
// diagnostic inside the input, deterministically, and that an error-free
// document printed back in its syntax parses to the same ops and params.
// The targets are seeded from the corpus/ inputs (and, for SHAM, nesl-js's
// conformance suite); inputs that once failed stay in testdata/fuzz.
//
// It is test code only: it imports corpus, lang, grammar/sham and source,
// and nothing imports it. Start reading at fuzz_sham_test.go (FuzzParseSHAM
// and seedInputs); run one target with
// go test ./fuzz -run XXX -fuzz FuzzParseSHAM -fuzztime 1m.
package fuzz
