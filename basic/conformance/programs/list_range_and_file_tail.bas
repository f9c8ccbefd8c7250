10 REM LIST: a range whose end is below its first line lists nothing; text after the file name is never read
20 PRINT "start"
30 LIST 50-40, "SCRN:" JUNK
40 PRINT "not reached"
50 PRINT "fifty"
