10 REM an array that does not fit below FRETOP is made once string space is collected: DIM and an element's first use; only what still does not fit is Out of memory
20 ON ERROR GOTO 200
30 DIM A$(100):FOR I%=0 TO 100:A$(I%)=STRING$(250,65):NEXT:ERASE A$
40 K$="keep"+"me":PRINT FRE(0)
50 DIM B#(5000):PRINT FRE(0);K$
60 DIM C$(100):FOR I%=0 TO 100:C$(I%)=STRING$(95,66):NEXT:ERASE C$
70 PRINT FRE(0):D#(1,1,1)=1:PRINT FRE(0);K$
80 DIM E#(3000):PRINT FRE(0)
90 END
200 PRINT "E";ERR;ERL:RESUME NEXT
