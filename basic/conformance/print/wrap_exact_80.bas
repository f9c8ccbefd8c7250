10 REM exactly 80 characters then a newline leaves an empty screen row
20 PRINT STRING$(80,"F")
30 PRINT "G"
