10 REM a comma at or beyond column 56 starts a new line instead of a zone
20 PRINT 1,2,3,4,5,6,7
30 PRINT STRING$(60,"-"),"X"
