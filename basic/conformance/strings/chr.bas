10 REM CHR$ makes a one-character string
20 PRINT CHR$(65);CHR$(97);LEN(CHR$(0));ASC(CHR$(200))
