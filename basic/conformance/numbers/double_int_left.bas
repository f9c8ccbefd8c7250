10 REM typed doubles: INT, FIX and ABS as the left operand of a product or sum
20 S#=12345#: M#=2147483647#: C#=0: A%=-7: B!=-2.5: D#=-1234567.89#
30 FOR I=1 TO 5
40 S#=S#*16807#: S#=S#-INT(S#/M#)*M#
50 C#=C#*31#+INT(S#/30000#): C#=C#-INT(C#/1000003#)*1000003#
60 PRINT S#; C#
70 NEXT I
80 PRINT INT(A%/2)*3#; FIX(B!/2)*3#; ABS(D#/3)*3#; INT(D#/7#)*7#; FIX(D#/7#)*7#
90 PRINT INT(-.5#)*2#; FIX(-.5#)*2#; INT(D#)+.5#; FIX(D#)-.5#; ABS(A%)*D#
100 PRINT INT(1D+37/3#)*10#
110 PRINT INT(1D+38)*10#
120 PRINT "done"
