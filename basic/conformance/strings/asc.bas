10 REM ASC returns the code of the first character
20 PRINT ASC("A");ASC("abc");ASC(" ");ASC(CHR$(0));ASC(CHR$(255))
