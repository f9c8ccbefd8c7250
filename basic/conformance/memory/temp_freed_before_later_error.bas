10 REM a concatenation's temporary that its statement used is given back there: an error in a later statement leaves no garbage
20 ON ERROR GOTO 200
30 A$="AB": B$="CD": X=0: F=FRE(0)
40 PRINT A$+B$
50 ERROR 200
60 PRINT "PRINT then ERROR"; F-FRE(0)
70 F=FRE(0): X=LEN(A$+B$): ERROR 200
80 PRINT "LEN then ERROR"; F-FRE(0)
90 F=FRE(0): X=ASC(B$+A$): Y=1/0: X=SQR(-1)
100 PRINT "ASC then SQR(-1)"; F-FRE(0)
110 F=FRE(0): X=INSTR(A$+B$+A$,"CA"): OPEN "NOFILE.DAT" FOR INPUT AS #1
120 PRINT "INSTR then OPEN"; F-FRE(0)
130 END
200 RESUME NEXT
