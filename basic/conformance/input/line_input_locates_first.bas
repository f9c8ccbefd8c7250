10 REM LINE INPUT shows its prompt and locates its variable before it reads a line
20 ON ERROR GOTO 900
30 DIM A$(3)
40 LINE INPUT "R";A$(7)
50 LINE INPUT "P";A$(1+)
60 LINE INPUT "S";A$(1)
70 PRINT "[";A$(1);"]"
80 LINE INPUT "T";B$(2)
90 PRINT "[";B$(2);"]"
100 END
900 PRINT "E";ERR;ERL:RESUME NEXT
