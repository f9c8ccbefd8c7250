10 REM concatenating past 255 characters is String too long
20 PRINT LEN("A"+STRING$(254,"B"))
30 PRINT "A"+STRING$(255,"B")
