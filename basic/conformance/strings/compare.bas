10 REM string comparison: byte order, prefix is smaller, trailing spaces and case matter
20 PRINT "A"<"B";"AB">"A";"A "="A";"a">"B";"ABC"="ABC";"">"A";"Z"<"a"
