#!/bin/sh
# test-readme-linguas.sh: the README's list of translations (its section
# "## Translations", one "- `LL`: Language" line per language) names
# exactly the languages of po/LINGUAS (issue 12), so that neither can change
# without the other.
#
# Output: TAP.  Run by meson (tests/meson.build) with README and
# LINGUAS_FILE set to the two files' paths.

set -u

fail=0
n=0

ok () {
  n=$((n + 1))
  if [ "$1" -eq 0 ]; then
    echo "ok $n $2"
  else
    echo "not ok $n $2"
    fail=1
  fi
}

echo "1..3"

# the codes of po/LINGUAS: words, comments (#...) left out, sorted
linguas=$(sed 's/#.*//' "$LINGUAS_FILE" | tr -s ' \t' '\n\n' | grep -v '^$' | sort)

# the codes listed in the README's section "## Translations", up to the next heading
readme=$(awk '/^## /{ in_section = ($0 == "## Translations"); next }
              in_section && /^- `[^`]+`:/ { sub(/^- `/, ""); sub(/`:.*/, ""); print }' "$README" | sort)

[ -n "$linguas" ]
ok $? "po/LINGUAS names languages: $(echo $linguas)"
[ -n "$readme" ]
ok $? "README.md lists translations under '## Translations': $(echo $readme)"
if [ "$linguas" = "$readme" ]; then
  ok 0 "the README lists exactly the languages of po/LINGUAS"
else
  echo "# po/LINGUAS: $(echo $linguas)"
  echo "# README.md:  $(echo $readme)"
  ok 1 "the README lists exactly the languages of po/LINGUAS"
fi
exit $fail
