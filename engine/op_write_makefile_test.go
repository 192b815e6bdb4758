package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMakeRecipeTabs(t *testing.T) {
	for _, tc := range []struct {
		name, path, in, want string
		lines                []int
	}{
		{"recipes indented with spaces", "Makefile",
			"CC := gcc\nSRCS = a.c \\\n    b.c\n\nall: build\n\nbuild:\n    $(CC) $(SRCS)\n\n    @echo done\n\nclean:\n  rm -f a.out\n",
			"CC := gcc\nSRCS = a.c \\\n    b.c\n\nall: build\n\nbuild:\n\t$(CC) $(SRCS)\n\n\t@echo done\n\nclean:\n\trm -f a.out\n", []int{8, 10, 13}},
		{"a deeper line keeps what is past the recipe's indentation", "build.mk",
			"x:\r\n    if true; then \\\r\n        echo y; \\\r\n    fi\r\n",
			"x:\r\n\tif true; then \\\r\n\t    echo y; \\\r\n\tfi\r\n", []int{2, 3, 4}},
		{"tabs already", "Makefile", "x:\n\techo\n", "x:\n\techo\n", nil},
		{"not a Makefile", "notes.txt", "x:\n    echo\n", "x:\n    echo\n", nil},
		{"a recipe prefix of its own", "Makefile", ".RECIPEPREFIX = >\nx:\n    > echo\n", ".RECIPEPREFIX = >\nx:\n    > echo\n", nil},
		{"a conditional's body is no recipe", "Makefile", "ifeq ($(A),1)\n  B = 2\nendif\n", "ifeq ($(A),1)\n  B = 2\nendif\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, lines := makeRecipeTabs(tc.path, tc.in)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("content (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.lines, lines); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
		})
	}
}
