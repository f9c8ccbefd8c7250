10 REM fact 7: INT floors, FIX truncates, CINT rounds halves away from zero
20 PRINT INT(-1.5);FIX(-1.5);CINT(2.5);CINT(-2.5)
