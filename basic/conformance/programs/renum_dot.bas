10 REM RENUM takes "." for its new and old line numbers (S GWMAIN.ASM RESEQ: LINSPC), so ".,.,0" reaches the zero-increment check and junk after "." is a Syntax error
20 ON ERROR GOTO 100
30 RENUM .,.,0
40 RENUM .,. X
50 RENUM . X
60 RENUM ,.,0
70 PRINT "end": END
100 PRINT ERR;ERL: RESUME NEXT
