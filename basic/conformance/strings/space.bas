10 REM SPACE$ makes a string of spaces
20 PRINT "[";SPACE$(3);"]";LEN(SPACE$(0));LEN(SPACE$(255))
