10 REM double to single rounds a tie half up (away from zero), not to even
20 A# = 1.000000059604644775390625#: B! = A#
30 PRINT CDBL(B!); CDBL(CSNG(-A#)); CDBL(CSNG(1.000000178813934326171875#))
