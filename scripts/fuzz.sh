#!/usr/bin/env bash
# make fuzz: every decoder under fuzz for MINUTES in all (default 10).
#
# With libFuzzer (swiftc -sanitize=fuzzer, which this toolchain has on Linux): a build of
# rolo-fuzz instrumented for coverage and AddressSanitizer in its own build directory (swiftc
# keeps only the last -sanitize= it is given, and SwiftPM gives --sanitize=fuzzer and
# --sanitize=address as two: -Xswiftc -sanitize=fuzzer,address, last, asks for both), then one
# libFuzzer run per decoder, seeded from its fixtures, its corpus kept between runs and any
# crashing input saved under .build/fuzz/findings/. Without libFuzzer: the test suite's mutator,
# in a plain build, for the same time, with a new seed each run.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
MINUTES=${MINUTES:-10}
FUZZ_BUILD=.build/fuzz
FINDINGS=$FUZZ_BUILD/findings
FIXTURES=Tests/RoloCoreTests/Fixtures
# target:seed folders (comma-separated), as DecoderFuzzing's FuzzTarget.all names them
TARGETS="people-list:people people-detail:people people-health:people directory:directory foods:foods
         randomuser:randomuser pipedrive-v1:pipedrive pipedrive-v2:pipedrive vcard:vcard image:people
         engine-page:engine/page,custom,pipedrive json-path:engine/path template:engine/template
         link-header:engine/link add-inference:engine/add config:config action-answer:engine/action
         query:engine/query sign-in-answer:engine/signin"
mkdir -p "$FINDINGS"
# Swift's own backtracer would read the crashed process under ASan (a report of its own) and can
# hang: AddressSanitizer reports the crash instead.
export SWIFT_BACKTRACE=enable=no
# Reports that are no leak of rolo's, each with why.
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

if [ "${ROLO_FUZZ_ENGINE:-libfuzzer}" = libfuzzer ] &&
   $SWIFT build --build-path "$FUZZ_BUILD" --product rolo-fuzz --sanitize=fuzzer --sanitize=address \
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -DROLO_LIBFUZZER 2>&1 | grep -v "Cannot export local symbol" >&2; then
  count=$(echo $TARGETS | wc -w)
  seconds=$(( MINUTES * 60 / count ))
  status=0
  for pair in $TARGETS; do
    target=${pair%%:*}; folders=${pair##*:}
    seeds=(); for folder in ${folders//,/ }; do seeds+=("$FIXTURES/$folder"); done
    corpus=$FUZZ_BUILD/corpus/$target
    mkdir -p "$corpus"
    echo "== $target: libFuzzer for $seconds s"
    log=$FUZZ_BUILD/$target.log
    if ! ROLO_FUZZ_TARGET=$target "$FUZZ_BUILD/debug/rolo-fuzz" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=3072 -malloc_limit_mb=25 -max_len=400000 -print_final_stats=1 \
        -artifact_prefix="$FINDINGS/$target-" "$corpus" "${seeds[@]}" > "$log" 2>&1; then
      status=1
      echo "!! $target: a finding; libFuzzer's report is in $log"
    fi
    grep -E "^(Done|#[0-9]+[[:space:]]+DONE|==[0-9]+==ERROR|rolo-fuzz:|SUMMARY|Test unit written|stat::(number_of_executed_units|new_units_added|peak_rss_mb))" "$log" || true
  done
  exit $status
fi

echo "make fuzz: libFuzzer build unavailable; running the mutator for $MINUTES min"
$SWIFT build --product rolo-fuzz
.build/debug/rolo-fuzz --minutes "$MINUTES" --fixtures "$FIXTURES" --findings "$FINDINGS"
