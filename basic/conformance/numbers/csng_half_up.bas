10 REM double to single rounds a tie half up (away from zero), not to even
20 A# = 1# + 2 ^ -24: B! = A#: C! = -A#
30 PRINT CDBL(B!); CDBL(C!); CDBL(CSNG(1# + 3 * 2 ^ -24))
