10 REM ENVIRON's table (GW-BASIC manual): an entry set again moves to the end, a blank separates as = does, ";" or "" deletes
20 ENVIRON "GWA=1"
30 ENVIRON "GWB 2"
40 GOSUB 200
50 ENVIRON "gwa=3"
60 GOSUB 200
70 ENVIRON "GWB=;"
80 PRINT "GWB: ["; ENVIRON$("GWB"); "]"
90 ENVIRON "GWC = = 4 5"
100 PRINT "GWC: ["; ENVIRON$("GWC"); "]"
110 GOSUB 200
120 ENVIRON "GWC" + CHR$(32)
130 PRINT "GWC: ["; ENVIRON$("GWC"); "]"
140 END
200 N = 0
210 N = N + 1: IF ENVIRON$(N) <> "" THEN 210
220 PRINT "the last two: "; ENVIRON$(N - 2); " "; ENVIRON$(N - 1)
230 RETURN
