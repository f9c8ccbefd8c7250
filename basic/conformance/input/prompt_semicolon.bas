10 REM INPUT "prompt";var shows the prompt followed by "? "
20 INPUT "NAME";A$
30 PRINT "HELLO ";A$
