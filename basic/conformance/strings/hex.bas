10 REM HEX$ of positive and negative values
20 PRINT HEX$(255);" ";HEX$(0);" ";HEX$(-1);" ";HEX$(65535);" ";HEX$(-32768);" ";HEX$(10.6)
