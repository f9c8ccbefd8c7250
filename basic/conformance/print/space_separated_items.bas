10 REM items separated only by spaces behave like ;
20 PRINT "A" "B" 1 2
30 A$="Q":PRINT A$ A$;"R"
