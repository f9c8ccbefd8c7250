10 REM the lines a program file brings in are crunched as typed ones: a literal too large prints Overflow as its line is read (CHAIN MERGE, RUN)
20 Q$=CHR$(34):OPEN "O",1,"OV.BAS":PRINT #1,"100 PRINT 1E39;7D999":PRINT #1,"110 RUN "+Q$+"OW":CLOSE
30 OPEN "O",1,"OW.BAS":PRINT #1,"10 KILL "+Q$+"OV.BAS":PRINT #1,"20 KILL "+Q$+"OW.BAS":PRINT #1,"30 PRINT 2E40;-3E41":CLOSE
40 PRINT "merge"
50 CHAIN MERGE "OV",100
