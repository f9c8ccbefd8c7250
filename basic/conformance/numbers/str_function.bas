10 REM STR$ gives the PRINT text without the trailing space
20 PRINT "[" + STR$(5) + "][" + STR$(-5) + "][" + STR$(1.5) + "][" + STR$(-1/3) + "]"
30 PRINT "[" + STR$(1D+20) + "][" + STR$(2^31) + "][" + STR$(0) + "]"
