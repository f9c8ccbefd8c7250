10 REM running past the last line ends the program quietly
20 PRINT "LAST"
