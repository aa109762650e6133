# When the threads cannot be started (256 thread stacks of 8 MiB under an
# address-space limit that a -j2 run fits in), sudoflow says so and exits
# 2, leaving no output and no temporary file, instead of the OpenMP
# runtime aborting on its own.
sanitized && skip "sanitizer build: ulimit -v cannot work"
mem_limit || skip "no ulimit -v up to 8 GiB lets sudoflow run"
OMP_STACKSIZE=8M
export OMP_STACKSIZE
(ulimit -v "$LIMIT" && exec "$SF" solve -q -j2 "$DATA/sample.txt.gz") \
    >/dev/null 2>&1 || skip "-j2 does not run under ulimit -v $LIMIT"
(ulimit -v "$LIMIT" && exec "$SF" solve -q -j 256 -o out.txt \
    "$DATA/sample.txt.gz") 2>"$T/err"
rc=$?
expect_status "-j 256, ulimit -v $LIMIT" "$rc" 2
expect_text "-j 256, ulimit -v $LIMIT" "$T/err" "cannot start"
only_files "-j 256, ulimit -v $LIMIT"
end_case
