#!/bin/sh
# The longest input, in bytes, libFuzzer makes for target $1 (`make fuzz`, Fuzz/campaign.sh).
# Short inputs keep each execution cheap, so a campaign reaches depth (docs/Reliability.md):
# every seed fits, and past these lengths an input only repeats what shorter ones reach.
case $1 in
# Model files: the bundled model's seed is 20 KB.
FuzzModelLoader) echo 24576 ;;
# The mode byte and 512 rows of three bytes: more rows than the work bound lets through
# (FuzzSupport/ResamplingWork.swift, 2^13 kernel weights: about 200 grid rows).
FuzzResampler) echo 1537 ;;
# Files, archives and event streams: a few hundred rows, one or two detector windows.
*) echo 4096 ;;
esac
