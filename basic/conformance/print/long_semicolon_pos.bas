10 REM POS follows the wrapped cursor after 200 characters
20 PRINT STRING$(200,"G");
30 PRINT POS(0)
