10 REM there is no negative zero
20 PRINT -0; -0!; -0#; 0 * -1; -1 * 0!; -0.0#
30 PRINT STR$(-0!); "|"
