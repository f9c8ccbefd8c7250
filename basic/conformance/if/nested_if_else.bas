10 REM nested IF: each ELSE belongs to the nearest unmatched THEN
20 FOR A=0 TO 1:FOR B=0 TO 1
30 IF A THEN IF B THEN PRINT "AB" ELSE PRINT "A" ELSE PRINT "NOT A"
40 NEXT B,A
