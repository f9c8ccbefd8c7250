10 REM after DEFINT the unsuffixed name refers to a different variable
20 A=1.5
30 DEFINT A
40 PRINT A;A!
50 DEFSNG A
60 PRINT A
