#!/bin/sh
# Prints the LLVM CPU name release builds are compiled for: "haswell" where this machine's CPU has
# every instruction set Haswell added that code generation may use (AVX2, FMA, BMI1/2, MOVBE,
# LZCNT, F16C, POPCNT), nothing otherwise (a generic build). See the Makefile's KINETIC_CPU.
flags=" $(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
for x in avx2 fma bmi1 bmi2 movbe abm f16c popcnt; do
  case "$flags" in
    *" $x "*) ;;
    *) exit 0 ;;
  esac
done
echo haswell
