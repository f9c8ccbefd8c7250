10 REM CHR$(256) is an Illegal function call
20 PRINT CHR$(255)<>""
30 PRINT CHR$(256)
