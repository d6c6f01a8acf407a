import { ApiProperty } from '@nestjs/swagger';
import { InputMessages, Messages, type Suggestion, TEXT_MAX_LENGTH } from '@toolshop/contracts';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class CreateSuggestionDto implements Suggestion {
  @ApiProperty({ description: "'Your email or name'" })
  @IsString({ message: Messages.suggestionIncomplete })
  @IsNotEmpty({ message: Messages.suggestionIncomplete })
  @MaxLength(254, { message: InputMessages.atMost(254) })
  email: string;

  @ApiProperty()
  @IsString({ message: Messages.suggestionIncomplete })
  @IsNotEmpty({ message: Messages.suggestionIncomplete })
  @MaxLength(TEXT_MAX_LENGTH, { message: `At most ${TEXT_MAX_LENGTH} characters` })
  opinion: string;
}
