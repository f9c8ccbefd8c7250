10 REM a loaded line keeps the digits its line number stopped short of (LINGET, MAIN)
20 GOTO 1000
1 0 0 0 PRINT "spaced digits make line 1000"
1010 PRINT "from a file 65530 is line 6553"
1020 LIST 1000-
65530 PRINT "not run"
383 36 0 X
