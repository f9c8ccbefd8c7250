10 REM END stops the program without a message
20 PRINT "BEFORE"
30 END
40 PRINT "AFTER"
