10 REM after DEFSTR, assigning a number to the name is a Type mismatch
20 DEFSTR N
30 N=5
