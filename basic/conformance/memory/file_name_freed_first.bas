10 REM a file name's temporary is given back as soon as it is read: a statement that then fails leaves no garbage in string space
20 ON ERROR GOTO 200
30 A$="NOFILE": B$="DAT": F0=FRE(0)
40 OPEN A$+"."+B$ FOR INPUT AS #1
50 PRINT "OPEN FOR"; F0-FRE(0)
60 F0=FRE(0): OPEN "I",1,A$+"."+B$
70 PRINT "OPEN I"; F0-FRE(0)
80 F0=FRE(0): OPEN A$+"."+B$ FOR OUTPUT AS #0
90 PRINT "OPEN #0"; F0-FRE(0)
100 F0=FRE(0): KILL A$+"."+B$
110 PRINT "KILL"; F0-FRE(0)
120 F0=FRE(0): NAME A$+"."+B$ AS A$+".NEW"
130 PRINT "NAME"; F0-FRE(0)
140 F0=FRE(0): MKDIR A$+"\"+B$
150 PRINT "MKDIR"; F0-FRE(0)
160 F0=FRE(0): BLOAD A$+"."+B$
170 PRINT "BLOAD"; F0-FRE(0)
180 END
200 PRINT "error"; ERR; ERL;: RESUME NEXT
