10 REM INT floors, FIX truncates, CINT rounds halves away from zero
20 PRINT INT(-1.5); FIX(-1.5); INT(1.5); FIX(1.5); INT(-.5); FIX(-.5)
30 PRINT CINT(2.5); CINT(-2.5); CINT(.5); CINT(-.5); CINT(1.49); CINT(-32768.4)
40 PRINT INT(1E+10 + .5); INT(-2.000001); FIX(123456789.9#)
