10 REM HEX$ and OCT$ show the 16-bit pattern; -32768..65535 accepted
20 PRINT HEX$(255); " "; HEX$(-1); " "; HEX$(65535); " "; HEX$(-32768); " "; HEX$(10.6)
30 PRINT OCT$(8); " "; OCT$(-1); " "; OCT$(0); " "; OCT$(65535)
