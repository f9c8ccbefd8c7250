10 REM a USING value must be followed by ; , or the end: the value is printed, then Syntax error before any new line
20 ON ERROR GOTO 100
30 PRINT "Y";USING "##";5 A
40 PRINT USING "!";"PQ" "R"
50 PRINT "|"
60 END
100 PRINT "<ERR";ERR;ERL;">";: RESUME NEXT
