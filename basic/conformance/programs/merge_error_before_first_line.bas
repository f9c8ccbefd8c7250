10 REM MERGE: until a line is stored ON ERROR stays set, so a literal too large in the first line read is the trappable Overflow, in direct mode, the variables kept (S MATH1.ASM $OVFLS/TRAPER; GWMAIN.ASM EDENT: FINI's RUNC only after a line)
20 ON ERROR GOTO 100
30 OPEN "O",1,"M.BAS": PRINT #1,"200 A=1E40": PRINT #1,"210 PRINT 2": CLOSE 1
40 X=5: MERGE "M"
50 PRINT "not reached"
100 PRINT "error";ERR;"at";ERL;"X=";X
110 KILL "M.BAS": END
