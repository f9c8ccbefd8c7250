10 REM WIDTH's first operand decides at run time: a string names a device (PARDEV), then a comma and a width 1-255
20 ON ERROR GOTO 200
30 WIDTH "A"
40 WIDTH "LPT1:" 80
50 WIDTH "XYZ:",80
60 WIDTH "",80
70 WIDTH "B:",10
80 WIDTH "LPT1:",256
90 WIDTH "LPT1:","A"
100 WIDTH "KYBD:",10
110 DEFSTR D:D="LPT1:":WIDTH D,80:PRINT "string variable"
120 WIDTH "LPT1:",80 X
130 PRINT "end":END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
